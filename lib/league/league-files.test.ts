import { parseLeagueFiles, problemText } from '@/lib/league/league-files';

const csv = (name: string, ...lines: string[]) => ({ name, text: lines.join('\n') });

describe('league files', () => {
  it('read a roster CSV with quoted cells, blank optional cells and CRLF line ends', async () => {
    const { rows, problems } = await parseLeagueFiles([
      {
        name: 'players.csv',
        text: 'player_id,name,team_id,position,jersey,status,since\r\n1629027,"Young, Trae",1610612764,G,11,,2026-02-05\r\n203999,Nikola Jokić,1610612743,C,15,active,\r\n',
      },
    ]);
    expect(problems).toEqual([]);
    expect(rows.players.map((p) => [p.line, p.row.player_id, p.row.name, p.row.team_id, p.row.status, p.row.since])).toEqual([
      [2, 1629027, 'Young, Trae', 1610612764, undefined, new Date('2026-02-05T00:00:00Z')],
      [3, 203999, 'Nikola Jokić', 1610612743, 'active', undefined],
    ]);
  });

  it('refuse a file without a required column, naming the column and the header line', async () => {
    const { problems } = await parseLeagueFiles([csv('roster.csv', 'player_id,name,position', '1629027,Trae Young,G')]);
    expect(problems.map(problemText)).toEqual(['roster.csv line 1, team_id: the players file has no team_id column']);
  });

  it('name the line and the field of each bad cell, counting lines inside quoted cells', async () => {
    const { rows, problems } = await parseLeagueFiles([
      csv(
        'games.csv',
        'game_id,tipoff,home_team_id,away_team_id,status',
        '0022600001,"2026-10-20T19:30:00-04:00",1610612738,1610612752,final',
        '0022600002,"tonight',
        'at 8",1610612747,x,',
      ),
    ]);
    expect(rows.games).toHaveLength(1);
    expect(problems.map(problemText)).toEqual([
      'games.csv line 3, tipoff: must be a time with its zone, such as 2026-11-25T19:30:00-05:00',
      'games.csv line 3, away_team_id: must be a number',
    ]);
  });

  it('refuse an id listed twice, and a column it does not know', async () => {
    const twice = await parseLeagueFiles([csv('players.csv', 'player_id,name,team_id', '1,A,1610612737', '1,B,1610612737')]);
    expect(twice.problems.map(problemText)).toEqual(['players.csv line 3, player_id: 1 is listed twice (also line 2)']);
    const typo = await parseLeagueFiles([csv('players.csv', 'player_id,name,team_id,stauts', '1,A,1610612737,active')]);
    expect(typo.problems.map(problemText)).toEqual(['players.csv line 1, stauts: not a column of a players file']);
  });

  it('read JSON sections with the line each row opens on', async () => {
    const text = [
      '{',
      '  "complete": true,',
      '  "teams": [],',
      '  "players": [',
      '    { "player_id": 1, "name": "A", "team_id": 1610612737 },',
      '    {',
      '      "player_id": "2", "name": "", "team_id": null',
      '    }',
      '  ]',
      '}',
    ].join('\n');
    const { rows, problems } = await parseLeagueFiles([{ name: 'roster.json', text }]);
    expect(rows.complete).toBe(true);
    expect(rows.players.map((p) => [p.line, p.row.player_id])).toEqual([[5, 1]]);
    expect(problems.map(problemText)).toEqual(['roster.json line 6, name: is required']);
  });

  it('say where JSON that does not parse stops', async () => {
    const { problems } = await parseLeagueFiles([{ name: 'bad.json', text: '{\n  "players": [\n    { "player_id": 1, }\n  ]\n}' }]);
    expect(problems).toEqual([{ file: 'bad.json', line: 3, field: null, message: 'is not valid JSON' }]);
  });

  it('give other work turns while they read 4 MB of empty rows, so the instance goes on serving', async () => {
    // Its check takes about 160 ms on two cores, well over a slice; read in one go (JSON.parse and the schemas over its
    // 1.4 million rows), it held the event loop for 4.6 s and nothing else ran meanwhile.
    const text = `{"games":[${Array(1_400_000).fill('{}').join(',')}]}`;
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns += 1;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const { problems } = await parseLeagueFiles([{ name: 'empty.json', text }]);
    reading = false;
    expect(problems.map(problemText)).toEqual([expect.stringMatching(/^empty\.json line 1: holds more than [\d,]+ values/)]);
    expect(turns).toBeGreaterThan(0);
  });
});
