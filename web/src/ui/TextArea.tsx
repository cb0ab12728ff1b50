import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, ref, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea ref={ref} id={id} className="field__input field__input--multiline" {...textarea} />
    </div>
  );
}
