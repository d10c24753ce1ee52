import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { forgotPasswordRequestSchema } from '@shared/schemas/auth';
import { FormField } from '@/components/form-field';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useForgotPassword } from '../api/forgot-password';
import { AuthPanel } from './auth-layout';

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const forgotPassword = useForgotPassword({
    onSuccess: (_, { email }) => {
      toast({
        title: 'Email sent',
        description: "If an account exists with this email, you'll receive password reset instructions.",
      });
      setSentTo(email);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to send reset email. Please try again.'),
      });
    },
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // An empty field gets the toast of SPEC §5; the schema only judges what was typed.
    if (!form.getValues('email').trim()) {
      event.preventDefault();
      toast({ variant: 'destructive', title: 'Email required', description: 'Please enter your email address.' });
      return;
    }
    void form.handleSubmit((values) => {
      forgotPassword.mutate(values);
    })(event);
  };

  if (sentTo !== null) {
    const tryAgain = () => {
      setSentTo(null);
    };
    return <ResetEmailSent email={sentTo} onTryAgain={tryAgain} />;
  }

  return (
    <AuthPanel>
      <CardHeader className="text-center">
        <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
        <CardDescription>Enter the email you signed up with and we'll send you a link to set a new one.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormField id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" autoFocus {...form.register('email')} />
            )}
          </FormField>
          <Button type="submit" variant="brand" size="lg" className="mt-2 w-full" disabled={forgotPassword.isPending}>
            {forgotPassword.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link href="/auth">
              <ArrowLeft aria-hidden />
              Back to login
            </Link>
          </Button>
        </form>
      </CardContent>
      <CardFooter className="flex-wrap justify-center gap-1 text-sm text-muted-foreground">
        Remembered it?
        <TextLink href="/auth">Sign in</TextLink>
      </CardFooter>
    </AuthPanel>
  );
}

function ResetEmailSent({ email, onTryAgain }: { email: string; onTryAgain: () => void }) {
  return (
    <AuthPanel className="text-center">
      <CardHeader className="items-center">
        <span className="mx-auto mb-2 grid size-12 place-items-center rounded-full bg-emerald-500/15 text-emerald-300">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Check your email</h1>
        <CardDescription>
          If an account exists for <strong className="break-all text-foreground">{email}</strong>, a link to reset
          your password is on its way.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Nothing after a few minutes? Check your spam or junk folder.
        </p>
        <Button type="button" variant="outline" className="w-full" onClick={onTryAgain}>
          Try a different email
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link href="/auth">
            <ArrowLeft aria-hidden />
            Back to login
          </Link>
        </Button>
      </CardContent>
    </AuthPanel>
  );
}
