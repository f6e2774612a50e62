import { Outlet } from "react-router";
import { Frame } from "../components/frame.tsx";

/** The list-page-routing layout: product lists (categories, brands, campaigns, search, news). */
export default function ListLayout() {
  return (
    <Frame>
      <div data-layout="list">
        <Outlet />
      </div>
    </Frame>
  );
}
