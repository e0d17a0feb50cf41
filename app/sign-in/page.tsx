import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';

export const metadata: Metadata = { title: 'Sign In' };

export default function SignInPage() {
  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Your takes are waiting.">
      <SignInForm />
    </AuthCard>
  );
}
