'use client';

// /teams/{teamID} shows the same screen as /teams/nba/{teamID}, errors included.
export { default } from '../nba/[teamID]/error';
