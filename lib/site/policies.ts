import { POLICY_EFFECTIVE_DATE } from '@/lib/constants';

/**
 * Privacy Policy and Terms of Service content for Takes.
 *
 * Plain data only (no React; the effective date is the product's, lib/constants.ts) so it can be rendered by any page
 * or reused in tests. Strings use double quotes so apostrophes need no escaping.
 */

export type PolicySection = { heading: string; paragraphs: string[] };

export type Policy = { title: string; effectiveDate: string; sections: PolicySection[] };

export const CONTACT_EMAIL = 'support@takes.example';

export const PRIVACY_POLICY: Policy = {
  title: 'Privacy Policy',
  effectiveDate: POLICY_EFFECTIVE_DATE,
  sections: [
    {
      heading: 'Introduction',
      paragraphs: [
        'Takes is a community where basketball fans post short opinions, which we call "takes", about NBA players, teams and special topics, and react to, discuss and follow one another. This Privacy Policy explains what information we collect when you use Takes, how we use it, what is shown publicly, and the choices you have.',
        'By creating an account or otherwise using Takes, you acknowledge that you have read this Privacy Policy. If you do not agree with it, please do not use the service.',
      ],
    },
    {
      heading: 'Information We Collect',
      paragraphs: [
        'Account information. When you sign up, either with an email address and password or with Google, our authentication provider, Firebase Authentication, verifies your identity. We store a profile record containing your firebaseUID (the unique identifier Firebase assigns to your account), your username, your email address, your profilePictureUrl (the location of the profile picture you upload, if any), your bio (if you write one) and createdAt (the date and time your account was created). We do not receive or store your password; it is handled by Firebase Authentication.',
        'Content and activity. We store the content you create and the actions you take on Takes, including the takes you post, the comments and replies you write, your reactions (likes and dislikes), your votes on whether takes aged well, the favorite team you choose, the takes you favorite, the accounts you follow, the accounts you block or mute, and any reports you submit about content or users.',
        'Technical information. Like most websites, we keep basic technical logs. We use your IP address to enforce rate limits and protect the service from spam and abuse, and, when you create an account, to tell accounts made together apart (see How the Callers board counts fans), and we keep request logs (such as the time of a request, the page or endpoint requested and whether it succeeded) to operate and troubleshoot the service. These logs do not contain your password or authentication tokens.',
      ],
    },
    {
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information to create and maintain your account, sign you in, display your profile and takes, show you takes from the people you follow, record your reactions, favorites and comments, and let you share takes with others.',
        'We also use it to keep Takes safe and working properly: to review reports, enforce our Terms of Service, prevent spam, abuse and fraud, apply rate limits, fix bugs and understand how the service is performing.',
        "How reports hide content. Every report reaches our moderators at once. A take or comment is also hidden automatically, until a moderator reviews it, once five different fans in good standing have reported it: fans whose account is at least three days old and who have taken part on Takes (posted a take, commented or reacted). Reports from newer accounts are reviewed the same way but do not hide anything on their own. When a take is hidden, its author is told why (reports, or a moderator's review), not which moderator or which fans.",
        'How the Callers board counts fans. The Callers board ranks fans by how their takes aged, scored against what other fans thought of those takes at first. So that it cannot be bought with extra accounts, only accounts at least 14 days old that had taken part before count there, and accounts that were created from the same network within 7 days of each other, or that keep reacting and voting on the same takes together, count as one fan. To tell which accounts were created together, we keep a one-way digest of the network you signed up from (your IP address, or the first half of an IPv6 address) for 7 days; after that, all that remains is an anonymous marker the accounts share, which is used for nothing else and is deleted with your account.',
        'We do not sell your personal information, and we do not use it to show you third-party advertising.',
      ],
    },
    {
      heading: 'Public Profile Display',
      paragraphs: [
        'Takes is a public forum. Your username, your profile picture, your bio, your favorite team, your follower and following counts, the takes and comments you post and the record of how your takes aged can be seen by anyone who visits the site, including people who are not signed in. Reaction counts on takes and comments are also public.',
        'Your email address is never shown on your profile or anywhere else on Takes, and it is not shared with other users. Please think carefully before including personal details in your username, bio, profile picture or posts, because anything you make public can be viewed, copied or shared by others.',
      ],
    },
    {
      heading: 'Sharing of Information',
      paragraphs: [
        'We share information only as needed to run Takes. Our service providers, including Firebase Authentication (provided by Google) for sign-in and our database and hosting providers for storing data and serving the site, process information on our behalf and only for that purpose.',
        'We may also disclose information if we believe in good faith that it is required by law, regulation or valid legal process, or that it is necessary to protect the rights, property or safety of Takes, our users or the public. If Takes is involved in a merger, acquisition or sale of assets, your information may be transferred as part of that transaction, and this Privacy Policy will continue to apply to it.',
        'When you use the share feature, you choose to send a link to a take to someone else; the take is public content and the recipient can view it like any other visitor.',
      ],
    },
    {
      heading: 'Data Security and Retention',
      paragraphs: [
        'We use reasonable technical and organizational measures to protect your information, including delegating password handling to Firebase Authentication, verifying sign-in tokens on our servers, and keeping passwords and tokens out of our logs. No method of transmission or storage is completely secure, however, so we cannot guarantee absolute security.',
        'We keep your account information and content for as long as your account is active. When you delete your account from your account settings, we remove, right away, your profile, your takes together with their comments, reactions and receipt votes, your comments and replies, your reactions, favorites, follows (both ways), receipt votes, notifications, reports, blocks and mutes, your uploaded profile picture and your Firebase sign-in account, and every count they added to on other people\'s content goes back down; your username becomes available to others. A comment of yours that others replied to stays in its place as "[deleted]", without your name or its text, so their replies still make sense, and our moderation log keeps the decisions taken about your content, without its text. If the deletion is interrupted, nothing of your account is shown meanwhile and asking again finishes it. We keep nothing else, except where the law requires us to. Technical logs are kept only for a limited period and are then deleted.',
      ],
    },
    {
      heading: 'Your Rights',
      paragraphs: [
        'From your account settings you can change your profile picture and favorite team, see and undo the fans you have blocked or muted, download a copy of your data (your profile, takes, comments, including those moderators hid, reactions, favorites, follows, receipt votes, notifications, blocks and reports) as one JSON file, and delete your account yourself, typing your username to confirm; for these two you may be asked to sign in again first, so that no one else at an open browser can do them. Signing out ends your session on every device you are signed in on. You can delete any take, comment or reply you have posted from its menu, and block or mute another fan from their profile or from their take or comment.',
        'Depending on where you live, you may have additional rights, such as the right to correct your personal information, or to object to or restrict certain processing. To exercise any right the site does not let you exercise yourself, contact us using the details in the Contact Us section. We may need to verify your identity before acting on your request.',
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time as Takes changes or as the law requires. When we do, we will change the effective date at the top of this page, and for significant changes we will make reasonable efforts to let you know, for example with a notice on the site.',
        'Continuing to use Takes after an updated policy takes effect means you accept the updated policy.',
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [
        'If you have questions about this Privacy Policy or how Takes handles your information, or if you want to exercise any of your rights, please email us at support@takes.example. We will do our best to respond promptly.',
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: Policy = {
  title: 'Terms of Service',
  effectiveDate: POLICY_EFFECTIVE_DATE,
  sections: [
    {
      heading: 'Acceptance of Terms',
      paragraphs: [
        'These Terms of Service (the "Terms") govern your access to and use of Takes, a website where NBA fans post short opinions about players, teams and special topics and interact with one another. By creating an account or using Takes in any way, you agree to be bound by these Terms and by our Privacy Policy.',
        'If you do not agree to these Terms, you may not use Takes.',
      ],
    },
    {
      heading: 'Eligibility',
      paragraphs: [
        'You must be at least 13 years old to create an account or use Takes. If you are under the age of majority where you live, you may use Takes only with the permission of a parent or legal guardian who agrees to these Terms on your behalf.',
        'By using Takes, you confirm that you meet these requirements and that you have not previously been banned from the service.',
      ],
    },
    {
      heading: 'Account Security',
      paragraphs: [
        'You can sign in to Takes with an email address and password or with your Google account. You are responsible for keeping your sign-in credentials confidential and for all activity that happens under your account.',
        'Please choose a strong password, do not share your account with anyone else, and tell us right away at support@takes.example if you believe your account has been accessed without your permission. We are not responsible for losses caused by unauthorized use of your account that results from your failure to keep your credentials secure.',
      ],
    },
    {
      heading: 'User Content',
      paragraphs: [
        'You own the takes, comments, replies, profile pictures and other content you post on Takes. By posting content, you grant Takes a worldwide, non-exclusive, royalty-free licence to host, store, display, reproduce, format and share that content, and to let other users view and share it, for the purpose of operating and promoting the service. This licence ends when you delete the content or your account, except for copies that others have already shared or that we must keep for legal reasons.',
        "You are responsible for what you post. You must not post content that is unlawful, harassing, threatening, hateful, defamatory, sexually explicit, or that infringes anyone else's rights, and you must not impersonate others, spam, or try to manipulate reactions or follower counts. Strong basketball opinions are welcome; personal attacks are not.",
        'We may review, remove or limit the visibility of any content, and may suspend or terminate accounts, if we believe the content or conduct violates these Terms or harms the community. Users can report takes, comments and accounts, and we review reports and act on them at our discretion, but we are not obligated to monitor all content. A take or comment reported by five different fans in good standing (accounts at least three days old that have posted, commented or reacted) is hidden automatically until a moderator reviews it; reports from newer accounts reach the moderators without hiding anything on their own.',
      ],
    },
    {
      heading: 'Public Profile',
      paragraphs: [
        'Your profile on Takes is public. Your username, profile picture, bio, follower and following counts, and the takes you post can be seen by anyone, including visitors who are not signed in. Your email address is never displayed publicly.',
        "Your username and profile picture must follow the same rules as other content: they must not be offensive, misleading or infringe anyone else's rights. We may require you to change a username or remove a profile picture that breaks these Terms.",
      ],
    },
    {
      heading: 'Intellectual Property',
      paragraphs: [
        "Takes is an independent fan community. It is not affiliated with, sponsored by or endorsed by the National Basketball Association (NBA) or any NBA team. Team and player names are used only descriptively, to identify the subjects of users' takes, and all related trademarks belong to their respective owners.",
        'Images of players and teams shown on Takes are generated placeholders, not official logos or photographs. Apart from user content, the Takes name, design, software and other materials on the service belong to Takes and are protected by intellectual property laws; you may not copy or reuse them without our permission.',
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        'Takes are opinions. Everything posted on Takes reflects only the views of the user who posted it, not the views of Takes, and we do not guarantee that any content is accurate, complete or reliable. Do not rely on takes for betting, financial or other important decisions.',
        'Takes is provided "as is" and "as available", without warranties of any kind, whether express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not promise that the service will be uninterrupted, error-free or secure. To the fullest extent permitted by law, Takes will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data or content, arising from your use of the service.',
      ],
    },
    {
      heading: 'Governing Law',
      paragraphs: [
        'These Terms are governed by the laws of the State of Delaware, USA, without regard to its conflict of law rules. Any dispute arising out of or relating to these Terms or Takes will be resolved in the state or federal courts located in the State of Delaware, and you consent to the jurisdiction of those courts, except where applicable law gives you the right to bring a claim in your home jurisdiction.',
      ],
    },
    {
      heading: 'Changes to These Terms',
      paragraphs: [
        'We may update these Terms from time to time. When we do, we will change the effective date at the top of this page, and for significant changes we will make reasonable efforts to notify you, for example with a notice on the site.',
        'Continuing to use Takes after updated Terms take effect means you accept them. If you do not agree to the updated Terms, you should stop using Takes and may ask us to delete your account.',
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [
        'If you have questions about these Terms, want to report a problem, or need help with your account, please email us at support@takes.example.',
      ],
    },
  ],
};
