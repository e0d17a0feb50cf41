import styles from './input.module.css';

/** The shared control style, for a control a component draws itself (a select of its own, a combobox). */
export const controlClass = styles.control ?? '';

const withControl = (className: string | undefined) => (className ? `${controlClass} ${className}` : controlClass);

type InputProps = React.ComponentProps<'input'>;
type TextAreaProps = React.ComponentProps<'textarea'>;
type SelectProps = React.ComponentProps<'select'>;

/** A text input in the site's one control style; `className` adds to it (a width, a taller field). */
export function Input({ className, ...props }: InputProps) {
  return <input className={withControl(className)} {...props} />;
}

/** A multi-line input in the same style, resizable up and down. */
export function TextArea({ className, ...props }: TextAreaProps) {
  return <textarea className={withControl(className)} {...props} />;
}

/** A select in the same style. */
export function Select({ className, ...props }: SelectProps) {
  return <select className={withControl(className)} {...props} />;
}
