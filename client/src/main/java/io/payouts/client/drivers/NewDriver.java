package io.payouts.client.drivers;

/** A registration: svcDriverId is your id for the driver, unique per mode; phone in E.164. */
public record NewDriver(String svcDriverId, String name, String email, String phone) {
}
