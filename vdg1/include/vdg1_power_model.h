/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_power_model.h - what vdg1's package reports and draws
 * (vdg1/vdg1_power.h says why these figures), for the model and for the
 * tests that check a driver against it.
 */
#ifndef VDG1_POWER_MODEL_H
#define VDG1_POWER_MODEL_H

#define VDG1_POWER_UNIT		3	/* 1/8 W */
#define VDG1_POWER_ENERGY_UNIT	14	/* 1/16384 J */
#define VDG1_POWER_TIME_UNIT	10	/* 1/1024 s */
#define VDG1_POWER_TDP_MW	25000
#define VDG1_POWER_IDLE_MW	5000
#define VDG1_POWER_ENGINE_MW	4000
/* RPSTAT1[10:0], 2.5 mV units: 0.75 V. */
#define VDG1_POWER_VOLTAGE	300

#endif /* VDG1_POWER_MODEL_H */
