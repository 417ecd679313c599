/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_freq_model.h - the GT frequencies vdg1 reports (vdg1/vdg1_freq.h
 * says where they come from), for the model and for the tests that check
 * a driver against it. MHz, multiples of 50 (RP_STATE_CAP's unit).
 */
#ifndef VDG1_FREQ_MODEL_H
#define VDG1_FREQ_MODEL_H

#define VDG1_FREQ_RP0_MHZ	1550	/* the fastest, as the OA clock */
#define VDG1_FREQ_RP1_MHZ	1100	/* the efficient one (RPe) */
#define VDG1_FREQ_RPN_MHZ	300	/* the slowest */

#endif /* VDG1_FREQ_MODEL_H */
