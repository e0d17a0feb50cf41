// /teams/{teamID}: the same screen as /teams/nba/{teamID} (spec §2 lists both shapes).
export { default, generateMetadata } from '../nba/[teamID]/page';
