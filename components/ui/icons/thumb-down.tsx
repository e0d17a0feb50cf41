import { Svg, type IconProps } from './svg';

export function ThumbDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1Z" />
      <path d="M17 14l-4 7.5a2.3 2.3 0 0 1-2.5-2.8l.7-3.7H5a2 2 0 0 1-2-2.3l1.3-8A2 2 0 0 1 6.3 3H17" />
    </Svg>
  );
}
