// Placeholder wired by the lead; the texts slice replaces this file. The onboarding's app-text
// step renders it; `onDone` is called once the link has been texted.
export function AppTextPanel(_props: { onDone?: () => void }) {
  return null;
}
