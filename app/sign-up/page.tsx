import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/sign-up-form';

export const metadata: Metadata = { title: 'Sign Up' };

export default function SignUpPage() {
  return (
    <AuthCard title="Sign Up" subtitle="Join the fun and share your NBA hot takes.">
      <SignUpForm />
    </AuthCard>
  );
}
