// The funding projection as a chart: daily outflow as bars, the balance left after each day as a line, on one dollar
// scale so a bar's height compares with the balance's. With nothing held and nothing due it says so instead of
// drawing empty axes. Chart.js comes from its WebJar (window.Chart); the numbers are also in a table for screen
// readers.
import { h, replaceChildren } from './dom.js';
import { day, money } from './format.js';

export function fundingChart(container) {
    const canvas = h('canvas', { id: 'funding-chart', role: 'img', 'aria-label': 'Funding projection chart' });
    const table = h('details', { class: 'chart-table' }, h('summary', {}, 'Show the projection as a table'));
    const box = h('div', { class: 'chart-box' }, canvas);
    const empty = h('p', { class: 'empty', hidden: true });
    replaceChildren(container, box, empty, table);
    const chart = new window.Chart(canvas, {
        data: { labels: [], datasets: [
            { type: 'line', label: 'Balance after the day', data: [], yAxisID: 'amount', borderColor: '#1d4ed8',
                backgroundColor: '#1d4ed8', tension: 0.2, pointRadius: 3 },
            { type: 'bar', label: 'Outflow', data: [], yAxisID: 'amount', backgroundColor: '#f59e0b' },
        ] },
        options: {
            animation: false,
            maintainAspectRatio: false,
            interaction: { mode: 'index', intersect: false },
            scales: {
                amount: { position: 'left', beginAtZero: true, ticks: { callback: (value) => money(value) } },
            },
            plugins: { tooltip: { callbacks: { label: (item) => item.dataset.label + ': ' + money(item.raw) } } },
        },
    });
    return {
        show(projection) {
            let balance = projection.currentBalance;
            const balances = projection.dailyProjection.map((entry) => (balance -= entry.outflow));
            chart.data.labels = projection.dailyProjection.map((entry) => day(entry.date));
            chart.data.datasets[0].data = balances;
            chart.data.datasets[1].data = projection.dailyProjection.map((entry) => entry.outflow);
            chart.update('none');
            const nothing = projection.currentBalance === 0 && balances.every((left) => left === 0);
            box.hidden = nothing;
            empty.hidden = !nothing;
            empty.textContent = nothing ? 'Nothing to show: no funds are held and no payouts are due in the next '
                + projection.dailyProjection.length + ' days.' : '';
            canvas.setAttribute('aria-label', 'Funding projection: ' + money(projection.currentBalance) + ' now, '
                + money(projection.projectedBalance) + ' after ' + projection.dailyProjection.length + ' days');
            replaceChildren(table, h('summary', {}, 'Show the projection as a table'),
                h('div', { class: 'table-wrap' }, h('table', {}, h('thead', {}, h('tr', {},
                    h('th', { scope: 'col' }, 'Day'), h('th', { scope: 'col' }, 'Outflow'),
                    h('th', { scope: 'col' }, 'Balance after'))),
                h('tbody', {}, projection.dailyProjection.map((entry, index) => h('tr', {},
                    h('td', {}, entry.date), h('td', {}, money(entry.outflow)),
                    h('td', {}, money(balances[index]))))))));
        },
    };
}
