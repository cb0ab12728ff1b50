// Placeholder wired by the lead; the slice replaces this file.
export default function NewsletterListsScreen() {
  return <h1>Newsletter lists</h1>;
}
