import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { signupRequestSchema } from '@shared/schemas/auth';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuth } from '../hooks/use-auth';
import { PasswordInput } from './password-input';

export function SignupForm() {
  const { signup } = useAuth();
  const form = useForm({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          signup.mutate(values);
        })(event);
      }}
    >
      <FormField id="signup-username" label="Username" error={errors.username?.message}>
        {(control) => (
          <Input {...control} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        )}
      </FormField>
      <FormField
        id="signup-email"
        label={
          <span>
            Email <span className="font-normal text-muted-foreground">(optional)</span>
          </span>
        }
        // SPEC's hint, then what going without one costs (issue 25, item 14).
        hint="Get notified when your videos are ready. Without an email, a forgotten password can't be reset."
        error={errors.email?.message}
      >
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        hint={`At least ${String(PASSWORD_MIN_LENGTH)} characters`}
        error={errors.password?.message}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" variant="brand" size="lg" className="mt-2 w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
