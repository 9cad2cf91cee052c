"use client";

import dynamic from "next/dynamic";

// The offer shows only under a day or a week with no free time: its code (the alerts' query and mutations, its icons)
// is fetched then, not with the booking wizard's first load, which sits at its JavaScript ceiling.
export const LazySlotAlertOffer = dynamic(() => import("./slot-alert-offer").then((m) => m.SlotAlertOffer), { ssr: false });
