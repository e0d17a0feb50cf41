export { default } from '../nba/[teamID]/loading';
