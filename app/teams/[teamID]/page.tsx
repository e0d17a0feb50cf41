// /teams/{teamID}: the same screen as /teams/nba/{teamID} (docs/product.md#screens lists both shapes).
export { default, generateMetadata } from '../nba/[teamID]/page';
