import { useState } from 'react';
import { NEW_USER_CREDITS } from '@shared/constants';
import { CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthPanel } from './auth-layout';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

export type AuthTab = 'login' | 'signup';

export function AuthCard({ initialTab }: { initialTab: AuthTab }) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const isLogin = tab === 'login';

  return (
    <AuthPanel>
      <CardHeader className="text-center">
        <h1 className="text-2xl font-bold tracking-tight">{isLogin ? 'Welcome Back' : 'Get Started'}</h1>
        <CardDescription>
          {isLogin
            ? 'Sign in to keep creating.'
            : `Create your account and start with ${String(NEW_USER_CREDITS)} free credits — no credit card.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => {
            setTab(value === 'signup' ? 'signup' : 'login');
          }}>
          <TabsList className="mb-4 grid w-full grid-cols-2">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm />
          </TabsContent>
          <TabsContent value="signup">
            <SignupForm />
          </TabsContent>
        </Tabs>
      </CardContent>
      <CardFooter className="flex-wrap justify-center gap-1 text-sm text-muted-foreground">
        {isLogin ? "Don't have an account?" : 'Already have an account?'}
        <button
          type="button"
          onClick={() => {
            setTab(isLogin ? 'signup' : 'login');
          }}
          className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {isLogin ? 'Sign up' : 'Log in'}
        </button>
      </CardFooter>
    </AuthPanel>
  );
}
