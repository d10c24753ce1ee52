import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { loginRequestSchema } from '@shared/schemas/auth';
import { FormField } from '@/components/form-field';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuth } from '../hooks/use-auth';
import { PasswordInput } from './password-input';

export function LoginForm() {
  const { login } = useAuth();
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          login.mutate(values);
        })(event);
      }}
    >
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        {(control) => (
          <Input {...control} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        )}
      </FormField>
      <FormField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <TextLink href="/forgot-password" className="text-sm font-normal">
            Forgot password?
          </TextLink>
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" variant="brand" size="lg" className="mt-2 w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link href="/">Back to Homepage</Link>
      </Button>
    </form>
  );
}
