import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffPermission } from '@pp/contract';
import { useCan } from '../../lib/staff-session';
import { paths } from '../../lib/paths';

/** A screen the role may not open says so (the server would refuse its calls anyway). */
function NoAccess() {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <h1 className="page-title">{t('noAccess.title')}</h1>
      <p>{t('noAccess.body')}</p>
      <Link className="btn" to={paths.dashboard}>
        {t('noAccess.back')}
      </Link>
    </div>
  );
}

export function withPermission(permission: StaffPermission, Page: ComponentType): ComponentType {
  function Guarded() {
    const can = useCan();
    return can(permission) ? <Page /> : <NoAccess />;
  }
  Guarded.displayName = `WithPermission(${Page.displayName ?? Page.name})`;
  return Guarded;
}
