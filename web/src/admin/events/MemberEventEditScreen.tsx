// Placeholder wired by the lead; the slice replaces this file.
export default function MemberEventEditScreen() {
  return <h1>Member event</h1>;
}
