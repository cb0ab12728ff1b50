// Placeholder wired by the lead; the slice replaces this file.
export default function NewslettersUpdateScreen() {
  return <h1>Newsletter preferences</h1>;
}
