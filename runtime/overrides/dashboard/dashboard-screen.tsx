import { useTranslation } from 'react-i18next';
import { useDashboard } from '../../engine/use-dashboard';
import HomeScreen, { greetingKey } from '../../screens/fixed/home-screen';
import { displayName, usePerson } from '../../shell/use-person';
import { Icon } from '../../shell/icons';
import { PageLoading } from '../../shell/loading';
import { formatMoney } from '../../widgets/money';
import { CategoryShare } from './category-share';
import { FigureCard, percent, Trend } from './figure-card';
import { HotProducts } from './hot-products';
import { SalesCharts } from './sales-charts';

/** The home page: the shop's figures, sales charts by period, category share and hot products (base:comm:chart). */
export default function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const { t: shellT } = useTranslation('shell');
  const { person } = usePerson();
  const { allowed, period, setPeriod, data, error, isLoading } = useDashboard();
  if (!allowed) return <HomeScreen />;
  if (!data) {
    if (error)
      return (
        <p className="rounded-lg border border-line bg-surface p-6 text-sm text-danger">
          {t('loadFailed', { message: error.message })}
        </p>
      );
    return isLoading ? <PageLoading /> : null;
  }
  const count = (n: number) => n.toLocaleString();
  return (
    <div className="space-y-4" data-testid="home">
      <div className="flex flex-wrap items-end justify-between gap-2 px-1">
        <div>
          <h1 className="text-base font-semibold text-ink" data-testid="greeting">
            {shellT(greetingKey(new Date().getHours()), { name: displayName(person) })}
          </h1>
          <p className="mt-0.5 text-xs text-muted">{t('title')}</p>
        </div>
        <span className="text-xs text-faint">{t('updated', { day: data.day, time: data.time.slice(0, 5) })}</span>
      </div>
      <div className="space-y-4" data-testid="dashboard">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FigureCard
            testId="card-sales"
            title={t('sales')}
            value={formatMoney(data.sales.total ?? 0)}
            icon={<Icon name="data" size={16} />}
            trends={
              <>
                <Trend label={t('weekOnWeek')} ratio={data.sales.weekOnWeek} testId="sales-wow" />
                <Trend label={t('dayOnDay')} ratio={data.sales.dayOnDay} testId="sales-dod" />
              </>
            }
            footer={
              <>
                {t('todaySales')} <span className="tabular-nums text-ink">{formatMoney(data.sales.today)}</span>
              </>
            }
          />
          <FigureCard
            testId="card-views"
            title={t('views')}
            value={count(data.views.total ?? 0)}
            icon={<Icon name="monitor" size={16} />}
            trends={
              <>
                <Trend label={t('weekOnWeek')} ratio={data.views.weekOnWeek} />
                <Trend label={t('dayOnDay')} ratio={data.views.dayOnDay} />
              </>
            }
            footer={
              <span className="flex flex-wrap justify-between gap-2">
                <span>
                  {t('todayVisitors')}{' '}
                  <span className="tabular-nums text-ink" data-testid="visitors-today">
                    {count(data.visitors.today)}
                  </span>
                </span>
                <Trend label={t('dayOnDay')} ratio={data.visitors.dayOnDay} />
              </span>
            }
          />
          <FigureCard
            testId="card-payments"
            title={t('payments')}
            value={count(data.payments.total ?? 0)}
            icon={<Icon name="order" size={16} />}
            trends={
              <>
                <Trend label={t('weekOnWeek')} ratio={data.payments.weekOnWeek} />
                <Trend label={t('dayOnDay')} ratio={data.payments.dayOnDay} />
              </>
            }
            footer={
              <span className="flex flex-wrap justify-between gap-2">
                <span>
                  {t('conversion')}{' '}
                  <span className="tabular-nums text-ink" data-testid="conversion-today">
                    {percent(data.conversion.today)}
                  </span>
                </span>
                <Trend label={t('dayOnDay')} ratio={data.conversion.dayOnDay} />
              </span>
            }
          />
          <FigureCard
            testId="card-users"
            title={t('users')}
            value={count(data.users.total ?? 0)}
            icon={<Icon name="user" size={16} />}
            trends={
              <>
                <Trend label={t('weekOnWeek')} ratio={data.users.weekOnWeek} />
                <Trend label={t('dayOnDay')} ratio={data.users.dayOnDay} />
              </>
            }
            footer={
              <>
                {t('newUsers')}{' '}
                <span className="tabular-nums text-ink" data-testid="new-users">
                  {count(data.users.today)}
                </span>
              </>
            }
          />
        </div>
        <SalesCharts selected={period} onPeriod={setPeriod} period={data.series.period} points={data.series.points} />
        <div className="grid gap-4 lg:grid-cols-2">
          <CategoryShare items={data.categoryShare} />
          <HotProducts items={data.hotProducts} />
        </div>
      </div>
    </div>
  );
}
