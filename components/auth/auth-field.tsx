import { Field } from '@/components/ui/field';
import styles from './auth.module.css';

type AuthFieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Under the input: a hint, or the field's own message. */
  children?: React.ReactNode;
};

/** A labelled input of the sign-in, sign-up and username forms. */
export function AuthField({ id, label, children, ...input }: AuthFieldProps) {
  return (
    <Field label={label} id={id}>
      {(control) => (
        <>
          <input {...control} className={`${control.className} ${styles.input}`} {...input} />
          {children}
        </>
      )}
    </Field>
  );
}
