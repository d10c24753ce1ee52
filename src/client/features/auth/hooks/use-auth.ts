import { useLocation, useSearch } from 'wouter';
import { PRODUCT_NAME } from '@shared/product';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useMe } from '../api/get-me';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { useSignup } from '../api/signup';
import { returnPath } from '../lib/return-path';

const TRY_AGAIN = 'Please try again.';

/** The session (SPEC §4) and the three calls that change it, with their toasts and redirects. */
export function useAuth() {
  const [, navigate] = useLocation();
  // Logging in from a protected page (its "Log in" link carries ?next=) goes back there.
  const after = returnPath(useSearch());
  const me = useMe();

  const login = useLogin({
    onSuccess: () => {
      toast({ title: 'Welcome back!', description: "You've successfully logged in." });
      navigate(after);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Login failed', description: errorMessage(error, TRY_AGAIN) });
    },
  });

  const signup = useSignup({
    onSuccess: () => {
      toast({ title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}.` });
      navigate(after);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Signup failed', description: errorMessage(error, TRY_AGAIN) });
    },
  });

  const logout = useLogout({
    onSuccess: () => {
      navigate('/');
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(error, TRY_AGAIN) });
    },
  });

  const user = me.data?.user ?? null;
  return { user, isLoading: me.isLoading, isSignedIn: user !== null, login, signup, logout };
}
