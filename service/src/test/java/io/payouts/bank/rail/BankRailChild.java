package io.payouts.bank.rail;

import io.payouts.PayoutServiceApplication;
import io.payouts.bank.sftp.SftpChannel;
import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The service in a JVM of its own, run by {@link BankRailCrashTest}, which dies as a kill -9 would (no shutdown, no
 * hooks) at the point {@code --bank.test.crash} names: {@code building}, as soon as a file's payouts are queued under
 * it and before its bytes are stored (a file is being built), or {@code uploading}, with half a file written under its
 * {@code .part} name in the bank's folder {@code --bank.test.outbound}. It prints {@code READY <port>} once started.
 */
public final class BankRailChild {

    private BankRailChild() {
    }

    public static void main(String[] args) {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(PayoutServiceApplication.class,
                CrashPoints.class).run(args);
        System.out.println("READY " + context.getEnvironment().getProperty("local.server.port"));
        System.out.flush();
    }

    /** Wraps the command sender and the bank's channel to die at the chosen point. Not scanned: a source above. */
    public static class CrashPoints {

        @Bean
        static BeanPostProcessor crashPoints(Environment environment) {
            String crash = environment.getProperty("bank.test.crash", "none");
            Optional<Path> outbound = Optional.ofNullable(environment.getProperty("bank.test.outbound")).map(Path::of);
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String name) {
                    if (crash.equals("building") && bean instanceof Commands commands) {
                        return dyingOnceAFileIsQueued(commands);
                    }
                    if (crash.equals("uploading") && bean instanceof SftpChannel channel) {
                        return dyingHalfwayThroughAnUpload(channel, outbound.orElseThrow());
                    }
                    return bean;
                }
            };
        }

        private static Commands dyingOnceAFileIsQueued(Commands commands) {
            return new Commands(null) {
                @Override
                public <R> R send(Object command, Origin origin) {
                    R answer = commands.send(command, origin);
                    if (command instanceof AdvancePayoutsCommand advance && advance.moves().stream()
                            .anyMatch(move -> move.step() == AdvancePayoutsCommand.Step.QUEUE)) {
                        die("building a file");
                    }
                    return answer;
                }

                @Override
                public <R> CompletableFuture<R> sendAsync(Object command, Origin origin) {
                    return commands.sendAsync(command, origin);
                }
            };
        }

        private static SftpChannel dyingHalfwayThroughAnUpload(SftpChannel channel, Path outbound) {
            return new SftpChannel() {
                @Override
                public void upload(String folder, String name, byte[] content) {
                    try {
                        Files.write(outbound.resolve(name + PART_SUFFIX),
                                Arrays.copyOf(content, content.length / 2));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    die("uploading " + name);
                }

                @Override
                public List<String> list(String folder) {
                    return channel.list(folder);
                }

                @Override
                public byte[] read(String folder, String name) {
                    return channel.read(folder, name);
                }

                @Override
                public void move(String folder, String name, String toFolder) {
                    channel.move(folder, name, toFolder);
                }

                @Override
                public void close() {
                    channel.close();
                }
            };
        }

        private static void die(String where) {
            System.out.println("DYING while " + where);
            System.out.flush();
            Runtime.getRuntime().halt(137);
        }
    }
}
