import './form.css';

/** The messages of one field; nothing when there are none. */
export const FieldErrors = ({ id, messages }: { id: string; messages: readonly string[] }) =>
  messages.length === 0 ? null : (
    <ul id={id} className="field__errors">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
