import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@pp/contract';
import { ActionsHead } from '../../../components/ui/data-table';
import { Badge } from '../../../components/ui/badge';
import { ListCard } from '../../../components/ui/list-page';
import { PageHeader } from '../../../components/ui/page-header';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { formatDateTime } from '../../../lib/format';
import { sendWithKey, useRequestId, showToast } from '@pp/browser-kit';
import { useCan } from '../../../lib/staff-session';
import { useJobList } from '../api/job-list';
import { runJobNow } from '../api/job-run-now';
import { ChainHealth } from '../components/chain-health';

type Job = ResponseOf<'jobList'>[number];

function JobState({ job }: { job: Job }) {
  const { t } = useTranslation();
  if (job.isRunning) return <Badge tone="warning">{t('jobsPage.state.running')}</Badge>;
  if (job.runRequestedAt > 0) return <Badge>{t('jobsPage.state.requested')}</Badge>;
  if (job.lastStatus === 'failed') return <Badge tone="danger">{t('jobsPage.state.failed')}</Badge>;
  if (job.lastStatus === 'succeeded') return <Badge tone="success">{t('jobsPage.state.succeeded')}</Badge>;
  if (job.lastStatus === 'skipped') return <Badge>{t('jobsPage.state.skipped')}</Badge>;
  return <Badge>{t('jobsPage.state.never')}</Badge>;
}

/** Scheduled jobs: what each does, when it last ran and how, when it runs next; "run now" for admins. */
export function JobsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useJobList();
  const jobs = list.data ?? [];
  const requestIds = useRequestId();
  const [pending, setPending] = useState<Job | null>(null);
  const jobTitle = (name: string) => t(`jobsPage.names.${name}`, { defaultValue: t('jobsPage.names.other') });

  return (
    <>
      <PageHeader title={t('jobsPage.title')} />
      <ListCard id="jobs-list-title" title={t('jobsPage.list')} isTitleHidden query={list} isEmpty={jobs.length === 0} empty={t('jobsPage.empty')}>
        <table className="table has-actions">
          <thead>
            <tr>
              <th scope="col">{t('jobsPage.job')}</th>
              <th scope="col">{t('jobsPage.stateTitle')}</th>
              <th scope="col">{t('jobsPage.lastRun')}</th>
              <th scope="col">{t('jobsPage.nextRun')}</th>
              <ActionsHead />
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.name}>
                <td>
                  <span className="block">{jobTitle(job.name)}</span>
                  <span className="muted small block">{t(`jobsPage.schedules.${job.name}`, { defaultValue: job.schedule })}</span>
                </td>
                <td>
                  <JobState job={job} />
                  {job.isRunning ? <span className="muted small block">{t('jobsPage.heartbeat', { time: formatDateTime(job.heartbeatAt) })}</span> : null}
                  {job.lastStatus === 'failed' && job.lastError ? (
                    <details className="small">
                      <summary>{t('jobsPage.errorDetail')}</summary>
                      <code className="block">{job.lastError}</code>
                    </details>
                  ) : null}
                </td>
                <td className="nowrap">
                  {job.lastStartedAt > 0 ? formatDateTime(job.lastStartedAt) : <span className="muted">{t('jobsPage.never')}</span>}
                  {job.lastPeriod?.startsWith('manual:') ? <span className="muted small block">{t('jobsPage.manualRun')}</span> : null}
                </td>
                <td className="nowrap">{formatDateTime(job.nextRunAt)}</td>
                <td className="col-actions">
                  {can('jobs.run') ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={job.isRunning || job.runRequestedAt > 0}
                      aria-label={t('jobsPage.runNowTitle', { name: jobTitle(job.name) })}
                      onClick={() => setPending(job)}
                    >
                      {t('jobsPage.runNow')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>
      <ChainHealth />
      <ReasonDialog
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t('jobsPage.runNowTitle', { name: jobTitle(pending.name) }) : ''}
        description={<p>{t('jobsPage.runNowBody')}</p>}
        confirmLabel={t('jobsPage.runNow')}
        reasonId="job-run-reason"
        onConfirm={async (reason) => {
          if (!pending) return;
          const body = { name: pending.name, reason };
          await sendWithKey(requestIds, body, runJobNow);
          showToast('success', t('jobsPage.requested', { name: jobTitle(pending.name) }));
          setPending(null);
        }}
      />
    </>
  );
}
