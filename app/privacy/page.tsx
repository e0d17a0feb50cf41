import type { Metadata } from 'next';
import { PolicyPage } from '@/components/policy/policy-page';
import { PRIVACY_POLICY } from '@/lib/site/policies';

export const metadata: Metadata = { title: 'Privacy Policy', description: 'How Takes collects, uses and protects your information.' };

export default function PrivacyPage() {
  return <PolicyPage policy={PRIVACY_POLICY} />;
}
