/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * QEMU PCI glue for vdg1, the virtual Intel DG1 GPU
 *
 * This file knows QEMU and nothing of the GPU: it exposes the PCI identity,
 * BARs and MSI that the core describes (vdg1_core_pci_info()), forwards all
 * of BAR0 to the core, backs BAR2 (LMEM) with RAM, and gives the core a
 * clock, a timer, DMA and MSI. scripts/build-qemu.sh copies it next to the
 * core sources into hw/misc/vdg1/.
 *
 * Everything here runs under the BQL (MMIO dispatch, timers, reset), which
 * is the serialisation the core requires.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "hw/pci/msi.h"
#include "hw/pci/pci.h"
#include "hw/pci/pci_regs.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qom/object.h"

#include "vdg1_core.h"

#define TYPE_VDG1 "vdg1"
OBJECT_DECLARE_SIMPLE_TYPE(VDG1State, VDG1)

/* Away from config word 0x50, which mirrors GGC. */
#define VDG1_MSI_CAP_OFFSET 0xac
/* PCI Bus Power Management 1.2: D0 and D3hot, No_Soft_Reset clear. */
#define VDG1_PM_CAP_OFFSET 0xd0

struct VDG1State {
    PCIDevice parent_obj;

    MemoryRegion bar0;
    MemoryRegion lmem;          /* all of LMEM, what the GPU reaches */
    MemoryRegion lmem_bar;      /* its first lmem-bar-size bytes */
    MemoryRegion bar2;          /* BAR2: lmem_bar, bar2_d3 over it in D3hot */
    MemoryRegion bar2_d3;
    bool powered;               /* a power-on happened: resets lose power */
    QEMUTimer timer;
    struct vdg1_core *core;

    /* properties */
    uint16_t device_id;
    uint64_t lmem_size;
    uint64_t lmem_bar_size;
    uint64_t fw_ack_delay_ns;
    uint64_t pg_hysteresis_ns;
    uint64_t rc6_threshold_ns;
    uint64_t cs_ns_per_command;
    char *fw_never_ack;
    char *fw_lose_acks;
    uint32_t fw_lose_acks_count;
    bool lmem_trained;
    bool dead_bar;
    uint64_t pcode_init_delay_ns;
    bool misccpctl_locked;
    bool pg_follows_driver;
    uint32_t dss_enable;
    uint32_t l3_disable;
    uint32_t eu_disable;
    uint32_t vdbox_vebox_disable;
};

/* ---- host services for the core ---- */

static uint64_t vdg1_now_ns(void *opaque)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static void vdg1_timer_arm(void *opaque, uint64_t deadline_ns)
{
    VDG1State *s = opaque;

    if (deadline_ns == VDG1_NEVER) {
        timer_del(&s->timer);
    } else {
        timer_mod(&s->timer, MIN(deadline_ns, (uint64_t)INT64_MAX));
    }
}

static void vdg1_timer_cb(void *opaque)
{
    VDG1State *s = opaque;

    vdg1_core_timer_expired(s->core);
}

static bool vdg1_lmem_range_ok(VDG1State *s, uint64_t addr, size_t len)
{
    uint64_t size = memory_region_size(&s->lmem);

    return addr <= size && len <= size - addr;
}

static int vdg1_mem_read(void *opaque, enum vdg1_mem mem, uint64_t addr,
                         void *buf, size_t len)
{
    VDG1State *s = opaque;

    if (mem == VDG1_MEM_SYSTEM) {
        return pci_dma_read(PCI_DEVICE(s), addr, buf, len) == MEMTX_OK ?
               0 : -EIO;
    }
    if (!vdg1_lmem_range_ok(s, addr, len)) {
        return -EFAULT;
    }
    memcpy(buf, (uint8_t *)memory_region_get_ram_ptr(&s->lmem) + addr, len);
    return 0;
}

static int vdg1_mem_write(void *opaque, enum vdg1_mem mem, uint64_t addr,
                          const void *buf, size_t len)
{
    VDG1State *s = opaque;

    if (mem == VDG1_MEM_SYSTEM) {
        return pci_dma_write(PCI_DEVICE(s), addr, buf, len) == MEMTX_OK ?
               0 : -EIO;
    }
    if (!vdg1_lmem_range_ok(s, addr, len)) {
        return -EFAULT;
    }
    memcpy((uint8_t *)memory_region_get_ram_ptr(&s->lmem) + addr, buf, len);
    /* Keep migration and any mapping of BAR2 coherent with the write. */
    memory_region_set_dirty(&s->lmem, addr, len);
    return 0;
}

static void vdg1_raise_msi(void *opaque, unsigned int vector)
{
    PCIDevice *pdev = PCI_DEVICE(opaque);

    if (msi_enabled(pdev)) {
        msi_notify(pdev, vector);
    }
}

static void vdg1_log(void *opaque, enum vdg1_log_level level, const char *msg)
{
    qemu_log_mask(level == VDG1_LOG_UNIMP ? LOG_UNIMP : LOG_GUEST_ERROR,
                  "%s\n", msg);
}

static const struct vdg1_host_ops vdg1_host_ops = {
    .now_ns = vdg1_now_ns,
    .timer_arm = vdg1_timer_arm,
    .mem_read = vdg1_mem_read,
    .mem_write = vdg1_mem_write,
    .raise_msi = vdg1_raise_msi,
    .log = vdg1_log,
};

/* ---- BAR0 ---- */

static uint64_t vdg1_bar0_read(void *opaque, hwaddr addr, unsigned size)
{
    VDG1State *s = opaque;

    return vdg1_core_mmio_read(s->core, addr, size);
}

static void vdg1_bar0_write(void *opaque, hwaddr addr, uint64_t val,
                            unsigned size)
{
    VDG1State *s = opaque;

    vdg1_core_mmio_write(s->core, addr, val, size);
}

/* Sizes and alignment are checked by the core, which knows the layout. */
static const MemoryRegionOps vdg1_bar0_ops = {
    .read = vdg1_bar0_read,
    .write = vdg1_bar0_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
};

/* ---- BAR2 in D3hot: all ones, writes lost, each counted ---- */

static uint64_t vdg1_bar2_d3_read(void *opaque, hwaddr addr, unsigned size)
{
    VDG1State *s = opaque;

    vdg1_core_d3_access(s->core, addr, false);
    return size >= 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
}

static void vdg1_bar2_d3_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    VDG1State *s = opaque;

    vdg1_core_d3_access(s->core, addr, true);
}

static const MemoryRegionOps vdg1_bar2_d3_ops = {
    .read = vdg1_bar2_d3_read,
    .write = vdg1_bar2_d3_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
};

/* ---- PCI power management ---- */

static void vdg1_power_state_changed(VDG1State *s, unsigned int state)
{
    vdg1_core_set_pci_power_state(s->core, state);
    memory_region_set_enabled(&s->bar2_d3, vdg1_core_in_d3(s->core));
}

static void vdg1_write_config(PCIDevice *pdev, uint32_t addr, uint32_t val,
                              int len)
{
    VDG1State *s = VDG1(pdev);
    uint8_t *pmcsr = pdev->config + VDG1_PM_CAP_OFFSET + PCI_PM_CTRL;
    uint16_t old = pci_get_word(pmcsr) & PCI_PM_CTRL_STATE_MASK;
    uint16_t state;

    pci_default_write_config(pdev, addr, val, len);
    state = pci_get_word(pmcsr) & PCI_PM_CTRL_STATE_MASK;
    if (state == old) {
        return;
    }
    /* D1 and D2 are not supported: the write is ignored (PM 1.2, 7.2.2). */
    if (state != VDG1_PCI_D0 && state != VDG1_PCI_D3HOT) {
        pci_set_word(pmcsr, (pci_get_word(pmcsr) &
                             ~PCI_PM_CTRL_STATE_MASK) | old);
        return;
    }
    vdg1_power_state_changed(s, state);
}

static int vdg1_pm_init(PCIDevice *pdev, Error **errp)
{
    int off = pci_add_capability(pdev, PCI_CAP_ID_PM, VDG1_PM_CAP_OFFSET,
                                 PCI_PM_SIZEOF, errp);

    if (off < 0) {
        return off;
    }
    pci_set_word(pdev->config + off + PCI_PM_PMC, 0x0003); /* version 1.2 */
    pci_set_word(pdev->config + off + PCI_PM_CTRL, 0);
    pci_set_word(pdev->wmask + off + PCI_PM_CTRL, PCI_PM_CTRL_STATE_MASK);
    return 0;
}

/* ---- device ---- */

static bool vdg1_parse_domains(const char *prop, const char *list,
                               uint32_t *mask, Error **errp)
{
    const char *why = vdg1_fw_parse_domains(list, mask);

    if (why) {
        error_setg(errp, "vdg1: %s: %s", prop, why);
        return false;
    }
    return true;
}

/* The core checks the values; this only carries them over. */
static bool vdg1_config_from_props(VDG1State *s, struct vdg1_config *cfg,
                                   Error **errp)
{
    vdg1_config_defaults(cfg);
    cfg->device_id = s->device_id;
    cfg->lmem_size = s->lmem_size;
    cfg->lmem_bar_size = s->lmem_bar_size;
    cfg->fw_ack_delay_ns = s->fw_ack_delay_ns;
    cfg->pg_hysteresis_ns = s->pg_hysteresis_ns;
    cfg->rc6_threshold_ns = s->rc6_threshold_ns;
    cfg->cs_ns_per_command = s->cs_ns_per_command;
    cfg->fw_lose_acks_count = s->fw_lose_acks_count;
    cfg->lmem_trained = s->lmem_trained;
    cfg->dead_bar = s->dead_bar;
    cfg->pcode_init_delay_ns = s->pcode_init_delay_ns;
    cfg->misccpctl_locked = s->misccpctl_locked;
    cfg->pg_follows_driver = s->pg_follows_driver;
    cfg->fuses.dss_enable = s->dss_enable;
    cfg->fuses.l3_disable = s->l3_disable;
    cfg->fuses.eu_disable = s->eu_disable;
    cfg->fuses.vebox_vdbox_disable = s->vdbox_vebox_disable;
    return vdg1_parse_domains("fw-never-ack", s->fw_never_ack,
                              &cfg->fw_never_ack, errp) &&
           vdg1_parse_domains("fw-lose-acks", s->fw_lose_acks,
                              &cfg->fw_lose_acks, errp);
}

static void vdg1_setup_config_space(PCIDevice *pdev,
                                    const struct vdg1_pci_info *info)
{
    uint8_t *c = pdev->config;

    pci_config_set_vendor_id(c, info->vendor_id);
    pci_config_set_device_id(c, info->device_id);
    pci_config_set_revision(c, info->revision);
    pci_config_set_class(c, info->class_code);
    pci_set_word(c + info->gmch_ctrl_offset, info->gmch_ctrl);
}

static void vdg1_realize(PCIDevice *pdev, Error **errp)
{
    VDG1State *s = VDG1(pdev);
    const uint8_t bar_type = PCI_BASE_ADDRESS_SPACE_MEMORY |
                             PCI_BASE_ADDRESS_MEM_TYPE_64 |
                             PCI_BASE_ADDRESS_MEM_PREFETCH;
    struct vdg1_pci_info info;
    struct vdg1_config cfg;
    const char *why = NULL;
    Error *local_err = NULL;

    if (!vdg1_config_from_props(s, &cfg, errp)) {
        return;
    }
    /* Before the core: creating it arms (or disarms) the timer. */
    timer_init_ns(&s->timer, QEMU_CLOCK_VIRTUAL, vdg1_timer_cb, s);
    s->core = vdg1_core_create(&cfg, &vdg1_host_ops, s, &why);
    if (!s->core) {
        error_setg(errp, "vdg1: %s", why);
        return;
    }
    vdg1_core_pci_info(s->core, &info);
    vdg1_setup_config_space(pdev, &info);

    memory_region_init_ram(&s->lmem, OBJECT(s), "vdg1.lmem", info.lmem_size,
                           &local_err);
    if (local_err) {
        error_propagate(errp, local_err);
        goto fail;
    }
    /* The CPU sees the start of LMEM; DMA (vdg1_mem_*) reaches all of it. */
    memory_region_init_alias(&s->lmem_bar, OBJECT(s), "vdg1.lmembar",
                             &s->lmem, 0, info.bar2_size);
    memory_region_init(&s->bar2, OBJECT(s), "vdg1.bar2", info.bar2_size);
    memory_region_add_subregion_overlap(&s->bar2, 0, &s->lmem_bar, 0);
    memory_region_init_io(&s->bar2_d3, OBJECT(s), &vdg1_bar2_d3_ops, s,
                          "vdg1.bar2-d3hot", info.bar2_size);
    memory_region_set_enabled(&s->bar2_d3, false);
    memory_region_add_subregion_overlap(&s->bar2, 0, &s->bar2_d3, 1);
    if (msi_init(pdev, VDG1_MSI_CAP_OFFSET, info.msi_vectors, true, false,
                 errp) || vdg1_pm_init(pdev, errp)) {
        goto fail;
    }
    memory_region_init_io(&s->bar0, OBJECT(s), &vdg1_bar0_ops, s,
                          "vdg1.gttmmadr", info.bar0_size);
    pci_register_bar(pdev, 0, bar_type, &s->bar0);
    pci_register_bar(pdev, 2, bar_type, &s->bar2);
    return;

fail:
    vdg1_core_destroy(s->core);
    s->core = NULL;
}

static void vdg1_exit(PCIDevice *pdev)
{
    VDG1State *s = VDG1(pdev);

    timer_del(&s->timer);
    msi_uninit(pdev);
    vdg1_core_destroy(s->core);
    s->core = NULL;
}

/* DRAM without power holds no data: LMEM reads as garbage after. */
static void vdg1_lmem_lose(VDG1State *s)
{
    uint64_t *p = memory_region_get_ram_ptr(&s->lmem);
    uint64_t n = memory_region_size(&s->lmem) / 8, i;
    uint64_t g = vdg1_core_lmem_garbage(s->core);

    for (i = 0; i < n; i++) {
        p[i] = g ^ (i * 0x9e3779b97f4a7c15ull);
    }
    memory_region_set_dirty(&s->lmem, 0, memory_region_size(&s->lmem));
}

/*
 * A reset of the machine is a power cycle of the card (a platform reset;
 * QEMU's S3 wake-up resets the machine too): after the first power-on,
 * each one loses what D3cold loses, LMEM's contents included.
 */
static void vdg1_reset(DeviceState *dev)
{
    VDG1State *s = VDG1(dev);
    PCIDevice *pdev = PCI_DEVICE(dev);

    if (s->powered) {
        vdg1_core_power_lost(s->core);
        vdg1_lmem_lose(s);
    } else {
        vdg1_core_reset(s->core);
        s->powered = true;
    }
    pci_set_word(pdev->config + VDG1_PM_CAP_OFFSET + PCI_PM_CTRL, 0);
    memory_region_set_enabled(&s->bar2_d3, false);
}

/* The core's state is not serialised (yet). */
static const VMStateDescription vmstate_vdg1 = {
    .name = TYPE_VDG1,
    .unmigratable = 1,
};

static Property vdg1_properties[] = {
    DEFINE_PROP_UINT16("device-id", VDG1State, device_id,
                       VDG1_DEFAULT_DEVICE_ID),
    DEFINE_PROP_SIZE("lmem-size", VDG1State, lmem_size,
                     VDG1_DEFAULT_LMEM_SIZE),
    DEFINE_PROP_SIZE("lmem-bar-size", VDG1State, lmem_bar_size, 0),
    DEFINE_PROP_UINT64("fw-ack-delay-ns", VDG1State, fw_ack_delay_ns,
                       VDG1_DEFAULT_FW_ACK_DELAY_NS),
    DEFINE_PROP_UINT64("pg-hysteresis-ns", VDG1State, pg_hysteresis_ns,
                       VDG1_DEFAULT_PG_HYSTERESIS_NS),
    DEFINE_PROP_UINT64("rc6-threshold-ns", VDG1State, rc6_threshold_ns,
                       VDG1_DEFAULT_RC6_THRESHOLD_NS),
    DEFINE_PROP_UINT64("cs-ns-per-command", VDG1State, cs_ns_per_command,
                       VDG1_DEFAULT_CS_NS_PER_COMMAND),
    DEFINE_PROP_STRING("fw-never-ack", VDG1State, fw_never_ack),
    DEFINE_PROP_STRING("fw-lose-acks", VDG1State, fw_lose_acks),
    DEFINE_PROP_UINT32("fw-lose-acks-count", VDG1State, fw_lose_acks_count,
                       VDG1_DEFAULT_FW_LOSE_ACKS_COUNT),
    DEFINE_PROP_BOOL("lmem-trained", VDG1State, lmem_trained, true),
    DEFINE_PROP_BOOL("dead-bar", VDG1State, dead_bar, false),
    DEFINE_PROP_UINT64("pcode-init-delay-ns", VDG1State, pcode_init_delay_ns,
                       0),
    DEFINE_PROP_BOOL("misccpctl-locked", VDG1State, misccpctl_locked, false),
    DEFINE_PROP_BOOL("pg-follows-driver", VDG1State, pg_follows_driver,
                     false),
    DEFINE_PROP_UINT32("dss-enable", VDG1State, dss_enable, 0x3f),
    DEFINE_PROP_UINT32("l3-disable", VDG1State, l3_disable, 0),
    DEFINE_PROP_UINT32("eu-disable", VDG1State, eu_disable, 0),
    DEFINE_PROP_UINT32("vdbox-vebox-disable", VDG1State, vdbox_vebox_disable,
                       0x0002000a),
    DEFINE_PROP_END_OF_LIST(),
};

static void vdg1_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = vdg1_realize;
    k->exit = vdg1_exit;
    k->config_write = vdg1_write_config;
    /* Defaults only; realize applies what the core reports. */
    k->vendor_id = VDG1_PCI_VENDOR_ID;
    k->device_id = VDG1_DEFAULT_DEVICE_ID;
    k->revision = VDG1_DEFAULT_REVISION;
    k->class_id = PCI_CLASS_DISPLAY_OTHER;
    dc->desc = "Virtual Intel DG1 GPU (vdg1 device model)";
    dc->reset = vdg1_reset;
    dc->vmsd = &vmstate_vdg1;
    device_class_set_props(dc, vdg1_properties);
    object_class_property_set_description(klass, "device-id",
        "PCI device ID, 0x4905..0x4909");
    object_class_property_set_description(klass, "lmem-size",
        "local memory size, a power of two");
    object_class_property_set_description(klass, "lmem-bar-size",
        "BAR2 size: the CPU sees this much of LMEM from its start; a power "
        "of two from 1M to lmem-size, 0 (default) = all of LMEM");
    object_class_property_set_description(klass, "pg-follows-driver",
        "idle domains power down only once the driver enabled RC6 or "
        "power gating");
    object_class_property_set_description(klass, "pg-hysteresis-ns",
        "time a render or media domain stays powered after its engine "
        "went idle");
    object_class_property_set_description(klass, "rc6-threshold-ns",
        "time the GT domain stays powered after its engine went idle");
    object_class_property_set_description(klass, "fw-ack-delay-ns",
        "delay before a forcewake ack follows its request (all domains)");
    object_class_property_set_description(klass, "fw-never-ack",
        "forcewake domains that never ack, a list of gt, render, vdbox0, "
        "vdbox2, vebox0 (on the command line, write the comma as ',,')");
    object_class_property_set_description(klass, "fw-lose-acks",
        "forcewake domains whose first wake acks are lost until the driver "
        "requests FORCEWAKE_KERNEL_FALLBACK; same list syntax as "
        "fw-never-ack, which wins for a domain in both");
    object_class_property_set_description(klass, "fw-lose-acks-count",
        "how many wake acks each fw-lose-acks domain loses");
    object_class_property_set_description(klass, "lmem-trained",
        "boot firmware trained LMEM (GU_CNTL.LMEM_INIT); when off, the GT "
        "stays powered down and no forcewake domain acks");
    object_class_property_set_description(klass, "dead-bar",
        "the device no longer answers: register reads return all ones, "
        "writes are dropped (the counters page still answers)");
    object_class_property_set_description(klass, "misccpctl-locked",
        "firmware locked MISCCPCTL (0x9424): writes to it are ignored");
    object_class_property_set_description(klass, "dss-enable",
        "DSS enable fuse 0x913C[5:0], 1 = present");
    object_class_property_set_description(klass, "l3-disable",
        "L3 bank-pair disable fuse [3:0], 1 = fused off");
    object_class_property_set_description(klass, "eu-disable",
        "EU disable fuse 0x9134[7:0]");
    object_class_property_set_description(klass, "vdbox-vebox-disable",
        "media fuse 0x9140: VDBOX disable 7:0, VEBOX disable 19:16");
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);
}

static void vdg1_register_types(void)
{
    static InterfaceInfo interfaces[] = {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    };
    static const TypeInfo vdg1_info = {
        .name = TYPE_VDG1,
        .parent = TYPE_PCI_DEVICE,
        .instance_size = sizeof(VDG1State),
        .class_init = vdg1_class_init,
        .interfaces = interfaces,
    };

    type_register_static(&vdg1_info);
}

type_init(vdg1_register_types)
