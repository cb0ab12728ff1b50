// Placeholder wired by the lead; the slice replaces this file.
export default function TextAlertsScreen() {
  return <h1>Text alerts</h1>;
}
