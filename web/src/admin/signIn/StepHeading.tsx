import { useEffect, useRef, type ReactNode } from 'react';

/** A sign-in step's heading: focus moves to it when the step appears, so the change is heard. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className="admin-step-heading">
      {children}
    </h2>
  );
}
