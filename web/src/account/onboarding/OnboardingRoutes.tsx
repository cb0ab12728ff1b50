// Placeholder wired by the lead; the slice replaces this file.
export default function OnboardingRoutes() {
  return <h1>Onboarding</h1>;
}
