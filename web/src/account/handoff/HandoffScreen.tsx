// Placeholder wired by the lead; the slice replaces this file.
export default function HandoffScreen() {
  return <h1>Signing you in</h1>;
}
