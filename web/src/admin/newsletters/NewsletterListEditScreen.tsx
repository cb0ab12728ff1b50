// Placeholder wired by the lead; the slice replaces this file.
export default function NewsletterListEditScreen() {
  return <h1>Newsletter list</h1>;
}
