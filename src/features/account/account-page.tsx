import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { authMessages, type User } from '../../../contract/auth.ts';
import type { sessionMachine } from '../../../machines/session/session.machine.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
// The one import from src/app a feature may make: the session is the app's root actor.
import { SessionContext } from '../../live/session.tsx';
import { ErrorBanner, Spinner } from '../../ui/status.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { accountCalls } from '../../live/account.ts';
import { useAccountForm } from './use-account-form.ts';
import { AddressPicker } from '../../live/address-picker.tsx';
import { BookingsPanel } from './bookings-panel.tsx';
import { OrdersPanel } from './orders-panel.tsx';
import { FamilyPanel } from './family-panel.tsx';
import { MessagesPanel } from './messages-panel.tsx';
import './account.css';

/** /account and its three sub-routes, each selecting one tab. */
const tabs = [
  { value: 'profile', label: 'Profile', path: '/account' },
  { value: 'orders', label: 'Orders', path: '/account/orders' },
  { value: 'bookings', label: 'Bookings', path: '/account/bookings' },
  { value: 'addresses', label: 'Addresses', path: '/account/addresses' },
  { value: 'family', label: 'My family', path: '/account/family' },
  { value: 'messages', label: 'Messages', path: '/account/messages' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const tabOf = (param: string | undefined): Tab | undefined =>
  param === undefined ? 'profile' : tabs.find((t) => t.value === param && t.value !== 'profile')?.value;

const selectCanLogOut = (s: SnapshotFrom<typeof sessionMachine>) => s.can({ type: 'session.logout' });

/** The customer's account: welcome line, Logout, and the Profile / Orders / Bookings / Addresses tabs. */
export function AccountPage() {
  const { tab: param } = useParams<{ tab?: string }>();
  const [, navigate] = useLocation();
  const user = SessionContext.useSelector(selectUser);
  const session = SessionContext.useActorRef();
  const canLogOut = SessionContext.useSelector(selectCanLogOut);
  const tab = tabOf(param);

  if (tab === undefined) return <Redirect to="/account" replace />;
  if (!user) {
    return (
      <div className="page container">
        <Spinner label="Loading your account..." />
      </div>
    );
  }

  const selectTab = (value: string) => {
    const target = tabs.find((t) => t.value === value);
    if (!target) return;
    navigate(target.path, { replace: true });
  };

  return (
    <div className="page container account">
      <div className="account__head">
        <div>
          <h1>My Account</h1>
          <p className="account__welcome">Welcome, {user.name}</p>
        </div>
        <button
          type="button"
          className="button"
          disabled={!canLogOut}
          onClick={() => session.send({ type: 'session.logout' })}
        >
          Logout
        </button>
      </div>
      <Tabs.Root className="account-tabs" value={tab} onValueChange={selectTab}>
        <Tabs.List className="account-tabs__list" aria-label="My account">
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} className="account-tabs__trigger" value={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content className="account-tabs__panel" value="profile">
          <ProfilePanel user={user} />
        </Tabs.Content>
        <Tabs.Content className="account-tabs__panel" value="orders">
          <h2>My Orders</h2>
          <OrdersPanel
            empty={
              <EmptyState
                title="No orders"
                text="You haven't placed any orders yet."
                link={{ href: '/products', label: 'Browse Products' }}
              />
            }
          />
        </Tabs.Content>
        <Tabs.Content className="account-tabs__panel" value="bookings">
          <h2>My Bookings</h2>
          <BookingsPanel />
        </Tabs.Content>
        <Tabs.Content className="account-tabs__panel" value="addresses">
          <h2>Saved Addresses</h2>
          <AddressPicker mode="manage" ownPhone={user?.phone} />
        </Tabs.Content>
        <Tabs.Content className="account-tabs__panel" value="family">
          <h2>My family</h2>
          <FamilyPanel />
        </Tabs.Content>
        <Tabs.Content className="account-tabs__panel" value="messages">
          <h2>Messages</h2>
          <MessagesPanel phone={user.phone} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function ProfilePanel({ user }: { user: User }) {
  return (
    <>
      <h2>Profile Information</h2>
      <dl className="profile-list">
        <div>
          <dt>Full Name</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd className={user.phone ? undefined : 'profile-list__muted'}>{user.phone || 'Not provided'}</dd>
        </div>
      </dl>
      <ProfileActions user={user} />
    </>
  );
}

/**
 * Edit Profile (name, phone) and Change Password (the current one required; the customer's other
 * sessions end): docs/product-rules.md, Sign-in, registration and tokens.
 */
function ProfileActions({ user }: { user: User }) {
  const [open, setOpen] = useState<'profile' | 'password' | null>(null);
  const [saved, setSaved] = useState<string>();
  const close = (message?: string) => {
    setOpen(null);
    setSaved(message);
  };
  return (
    <>
      {saved && (
        <p className="profile-saved" role="status">
          {saved}
        </p>
      )}
      {open === 'profile' ? (
        <EditProfileForm user={user} onDone={close} />
      ) : open === 'password' ? (
        <ChangePasswordForm onDone={close} />
      ) : (
        <div className="profile-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setSaved(undefined);
              setOpen('profile');
            }}
          >
            Edit Profile
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setSaved(undefined);
              setOpen('password');
            }}
          >
            Change Password
          </button>
        </div>
      )}
    </>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: (message?: string) => void }) {
  const id = useId();
  const session = SessionContext.useActorRef();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const form = useAccountForm(accountCalls.updateProfile, (result) => {
    if (result.user) session.send({ type: 'session.profileUpdated', user: result.user });
    onDone(result.message);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submit({ name, phone });
  };
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    form.edited();
  };
  return (
    <form className="profile-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Edit Profile</h3>
      {form.error && <ErrorBanner message={form.error} />}
      <TextField
        id={`${id}-name`}
        label="Full Name"
        autoComplete="name"
        value={name}
        onChange={(e) => edited(setName)(e.target.value)}
      />
      <TextField
        id={`${id}-phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => edited(setPhone)(e.target.value)}
      />
      <div className="profile-actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          {form.sending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ChangePasswordForm({ onDone }: { onDone: (message?: string) => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const form = useAccountForm(accountCalls.changePassword, (result) => onDone(result.message));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The one check the contract cannot make: both new-password boxes say the same.
    setMismatch(next !== confirm);
    if (next === confirm) form.submit({ currentPassword: current, newPassword: next });
  };
  const field = (
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
    key: string,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => {
          set(e.target.value);
          setMismatch(false);
          form.edited();
        }}
      />
    </div>
  );
  return (
    <form className="profile-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Change Password</h3>
      {(mismatch || form.error) && (
        <ErrorBanner message={mismatch ? authMessages.passwordMismatch : form.error!} />
      )}
      {field('Current password', current, setCurrent, 'current-password', 'current')}
      {field('New password', next, setNext, 'new-password', 'new')}
      {field('Confirm new password', confirm, setConfirm, 'new-password', 'confirm')}
      <div className="profile-actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          {form.sending ? 'Saving...' : 'Change Password'}
        </button>
        <button type="button" className="button" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function EmptyState({
  title,
  text,
  link,
}: {
  title: string;
  text: string;
  link: { href: string; label: string };
}) {
  return (
    <div className="empty-state account-empty">
      <h3>{title}</h3>
      <p>{text}</p>
      <Link href={link.href} className="button button--primary">
        {link.label}
      </Link>
    </div>
  );
}
