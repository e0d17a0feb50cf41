export { default } from '../nba/[teamID]/layout';
