import { type Control, type Path, useWatch } from 'react-hook-form';
import { FormPasswordField } from '../../../components/form-fields.tsx';
import { PasswordRules } from './password-rules.tsx';

interface NewPasswordValues {
  password: string;
  password_confirm: string;
}

/**
 * The new password and its confirmation, with the password rules checked live under the first field (its
 * description for screen readers).
 */
export function NewPasswordFields<Values extends NewPasswordValues>({
  control,
  passwordLabel,
  confirmLabel,
  rulesId,
}: {
  control: Control<Values>;
  passwordLabel: string;
  confirmLabel: string;
  /** The id of the rules list, unique on the page. */
  rulesId: string;
}) {
  const password = useWatch({ control, name: 'password' as Path<Values> }) ?? '';
  return (
    <>
      <FormPasswordField
        control={control}
        name={'password' as Path<Values>}
        label={passwordLabel}
        autoComplete="new-password"
        required
        slotProps={{ htmlInput: { 'aria-describedby': rulesId } }}
      />
      <PasswordRules value={String(password)} id={rulesId} />
      <FormPasswordField
        control={control}
        name={'password_confirm' as Path<Values>}
        label={confirmLabel}
        autoComplete="new-password"
        required
      />
    </>
  );
}
