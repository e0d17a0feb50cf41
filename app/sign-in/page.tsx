import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { returnPath, SIGN_IN_AGAIN } from '@/lib/client/sign-in-again';

export const metadata: Metadata = { title: 'Sign In' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /sign-in; `?again=1&next=/account` when an account action needs a recent sign-in, which returns there after. */
export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const again = params[SIGN_IN_AGAIN] === '1';
  return (
    <AuthCard title="Sign In" subtitle={again ? 'For your security, sign in again to continue.' : 'Welcome back. Your takes are waiting.'}>
      <SignInForm next={returnPath(params.next)} />
    </AuthCard>
  );
}
