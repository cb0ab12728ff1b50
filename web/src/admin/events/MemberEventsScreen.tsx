// Placeholder wired by the lead; the slice replaces this file.
export default function MemberEventsScreen() {
  return <h1>Member events</h1>;
}
