import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { passwordSchema } from '@shared/schemas/auth';
import { FormField } from '@/components/form-field';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useResetPassword } from '../api/reset-password';
import { AuthPanel } from './auth-layout';
import { PasswordInput } from './password-input';
import { ResetPasswordSuccess } from './reset-password-status';

interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** The first failed check of SPEC §5, in the order the spec gives them, as a toast. */
function passwordProblem({ newPassword, confirmPassword }: ResetPasswordValues) {
  if (!newPassword) return { title: 'Password required', description: 'Please enter a new password.' };
  const parsed = passwordSchema.safeParse(newPassword);
  if (!parsed.success) {
    return {
      title: newPassword.length < PASSWORD_MIN_LENGTH ? 'Password too short' : 'Password too long',
      description: parsed.error.issues[0]?.message ?? 'Please choose another password.',
    };
  }
  if (newPassword !== confirmPassword) {
    return { title: "Passwords don't match", description: 'Please make sure both passwords match.' };
  }
  return null;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm<ResetPasswordValues>({ defaultValues: { newPassword: '', confirmPassword: '' } });
  const resetPassword = useResetPassword({
    onSuccess: () => toast({ title: 'Password reset successful' }),
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Reset failed',
        description: errorMessage(error, 'Failed to reset password. The link may have expired.'),
      });
    },
  });

  const onValid = (values: ResetPasswordValues) => {
    const problem = passwordProblem(values);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    resetPassword.mutate({ token, newPassword: values.newPassword });
  };

  if (resetPassword.isSuccess) return <ResetPasswordSuccess />;

  const hint = `Must be at least ${String(PASSWORD_MIN_LENGTH)} characters long`;
  return (
    <AuthPanel>
      <CardHeader className="text-center">
        <h1 className="text-2xl font-bold tracking-tight">Set a new password</h1>
        <CardDescription>Choose a new password for your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <FormField id="new-password" label="New password" hint={hint}>
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" autoFocus {...form.register('newPassword')} />
            )}
          </FormField>
          <FormField id="confirm-password" label="Confirm password" hint={hint}>
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />
            )}
          </FormField>
          <Button type="submit" variant="brand" size="lg" className="mt-2 w-full" disabled={resetPassword.isPending}>
            {resetPassword.isPending ? 'Resetting password...' : 'Reset password'}
          </Button>
        </form>
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <TextLink href="/auth">Back to login</TextLink>
      </CardFooter>
    </AuthPanel>
  );
}
