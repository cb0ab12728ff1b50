/** The alert bar at the top of the membership page; takes no room while empty. */
export function AlertBar({ messages }: { messages: readonly string[] }) {
  return (
    <div role="alert" className="alert alert--error alert-bar">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
