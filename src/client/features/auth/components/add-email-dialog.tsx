import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { updateEmailRequestSchema } from '@shared/schemas/auth';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useUpdateEmail } from '../api/update-email';
import { PasswordInput } from './password-input';

interface AddEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddEmailDialog({ open, onOpenChange }: AddEmailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Add an email</DialogTitle>
          <DialogDescription>
            Password reset links and notices that your videos are ready go to it. Enter your password to confirm it's you.
          </DialogDescription>
        </DialogHeader>
        <AddEmailForm
          onSaved={() => {
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The server's refusal (a wrong password, too many tries) shows in the dialog, under the fields it concerns. */
function AddEmailForm({ onSaved }: { onSaved: () => void }) {
  const form = useForm({
    resolver: zodResolver(updateEmailRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const update = useUpdateEmail({
    onSuccess: ({ user }) => {
      toast({ title: 'Email added', description: `Password reset links will go to ${user.email ?? ''}.` });
      onSaved();
    },
    onError: (error) => {
      form.setError('root.server', { message: errorMessage(error, 'Please try again.') });
    },
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit((values) => update.mutate(values))(event)}>
      <FormField id="add-email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField id="add-email-password" label="Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      {errors.root?.server && (
        <Alert variant="destructive">
          <AlertDescription>{errors.root.server.message}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" variant="brand" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save email'}
      </Button>
    </form>
  );
}
