// Placeholder wired by the lead; the texts slice replaces this file. The onboarding's texts
// step renders it; `onDone` is called once the reader has saved or opted out.
export function TextAlertsPanel(_props: { onDone?: () => void }) {
  return null;
}
