import { Svg, type IconProps } from './svg';

export function TrophyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0Z" />
      <path d="M8 6H5v1a3 3 0 0 0 3 3" />
      <path d="M16 6h3v1a3 3 0 0 1-3 3" />
      <path d="M12 13v4" />
      <path d="M8 21h8" />
      <path d="M10 17h4v4h-4Z" />
    </Svg>
  );
}
