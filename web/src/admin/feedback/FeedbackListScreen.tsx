// Placeholder wired by the lead; the slice replaces this file.
export default function FeedbackListScreen() {
  return <h1>Reader feedback</h1>;
}
