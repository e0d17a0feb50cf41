type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

/** The classes of app/globals.css's buttons, for a link drawn as a button. */
export const buttonClass = (variant: ButtonVariant, className?: string) => `button button-${variant}${className ? ` ${className}` : ''}`;

type ButtonProps = Omit<React.ComponentProps<'button'>, 'type'> & {
  variant: ButtonVariant;
  /** Always said: a form's button submits unless told otherwise. */
  type: 'button' | 'submit' | 'reset';
};

/** The site's button: primary (the one action), secondary, danger (a deletion) or link (a quiet action in text). */
export function Button({ variant, className, type, ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
