/** The brand's loader: its colour comes from the page (--loader), its label from the brand. */
export function Loader({ label }: { label: string }) {
  return (
    <div className="loader" role="status">
      <span className="loader__disc" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
