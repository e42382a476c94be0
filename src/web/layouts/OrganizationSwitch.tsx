import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseOrganization, getUserOrganizations, type UserOrganization } from '../api/auth';
import { ApiRequestError } from '../api/client';
import { type Profile, setProfile, useProfile } from '../auth/profile';
import { toast } from '../ui/toast/store';
import { announceOrganization, choosingHere } from './followOrganization';
import './organizationSwitch.css';

/** The organisation's name in the header; for a member of several, the menu that switches between them. */
export function OrganizationSwitch() {
  const profile = useProfile();
  const who = profile?.organizationName || profile?.fullName || '';
  if (!profile || !who) return null;
  if (Number(profile.organizationsCount ?? 1) < 2)
    return (
      <span className="org-name" title={who}>
        {who}
      </span>
    );
  return <SwitchMenu profile={profile} name={who} />;
}

function SwitchMenu({ profile, name }: { profile: Profile; name: string }) {
  const { t } = useTranslation('organizations');
  const [open, setOpen] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const list = useQuery({
    queryKey: ['userOrganizations', profile.userId, profile.organizationId],
    queryFn: getUserOrganizations,
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = async (org: UserOrganization) => {
    if (org.current) return setOpen(false);
    setChoosing(org.id);
    try {
      const next = await chooseOrganization(org.id);
      announceOrganization(next.organizationId ?? org.id);
      setOpen(false);
      choosingHere(next.organizationId ?? org.id);
      // The layout follows the profile: cache reset, screens mounted again, "acting for" toast.
      setProfile(next);
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : String(error));
    } finally {
      setChoosing(null);
    }
  };

  return (
    <div className="org-switch" ref={ref}>
      <button
        type="button"
        className="org-switch-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t('switch.open', { name })}
        title={name}
        onClick={() => setOpen(!open)}
        data-testid="org-switch"
      >
        <span className="org-name">{name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <section className="org-switch-panel" aria-label={t('switch.label')}>
          {list.isPending ? (
            <p className="org-switch-note">{t('switch.loading')}</p>
          ) : list.isError ? (
            <p className="org-switch-note" role="alert">
              {list.error.message}
            </p>
          ) : (
            <ul>
              {list.data.map((org) => (
                <li key={org.id}>
                  <button
                    type="button"
                    aria-current={org.current || undefined}
                    disabled={choosing !== null}
                    aria-busy={choosing === org.id || undefined}
                    onClick={() => void choose(org)}
                  >
                    <strong>{org.name}</strong>
                    <span className="org-switch-meta">
                      {org.tin
                        ? t('tin', { value: org.tin })
                        : org.pinfl
                          ? t('pinfl', { value: org.pinfl })
                          : ''}
                      {' · '}
                      {t(`role.${org.role}`, { defaultValue: org.role })}
                      {org.current && ` · ${t('switch.current')}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
