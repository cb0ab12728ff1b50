// Placeholder wired by the lead; the slice replaces this file.
export default function FeedbackScreen() {
  return <h1>Feedback</h1>;
}
