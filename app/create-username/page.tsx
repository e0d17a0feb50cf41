import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { CreateUsernameForm } from '@/components/auth/create-username-form';

export const metadata: Metadata = { title: 'Create Username', robots: { index: false } };

export default function CreateUsernamePage() {
  return (
    <AuthCard title="Create Username" subtitle="Pick the name other fans will see on your takes.">
      <CreateUsernameForm />
    </AuthCard>
  );
}
