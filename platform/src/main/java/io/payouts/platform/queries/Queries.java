package io.payouts.platform.queries;

import org.axonframework.queryhandling.QueryHandler;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * The one way a query is asked: a plain call of the {@link QueryHandler} method that takes the query's class, in this
 * JVM. Every read model lives in the database every instance reads, so a query never needs another instance; Axon's
 * query bus added a message, a unit of work, a timer with a stack walk and a handler search to every read, more than
 * half of a driver read's JVM CPU, for nothing a caller used (ADR-0049). A handler's own exception reaches the caller
 * as it was thrown.
 */
public class Queries implements SmartInitializingSingleton {

    private static final String OWN_PACKAGES = "io.payouts.";

    private final ListableBeanFactory beans;
    private volatile Map<Class<?>, Handler> handlers;

    public Queries(ListableBeanFactory beans) {
        this.beans = beans;
    }

    /** Finds the handlers once every bean exists, so that a query class with two handlers stops the start. */
    @Override
    public void afterSingletonsInstantiated() {
        handlers();
    }

    /** Asks the query's handler and returns its answer, or throws what the handler threw. */
    public <R> R ask(Object query, Class<R> resultType) {
        Handler handler = handlers().get(query.getClass());
        if (handler == null) {
            throw new IllegalStateException("no handler for " + query.getClass().getName());
        }
        try {
            return resultType.cast(handler.method().invoke(handler.bean(), query));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException handlersOwn) {
                throw handlersOwn;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private Map<Class<?>, Handler> handlers() {
        Map<Class<?>, Handler> found = handlers;
        if (found == null) {
            synchronized (this) {
                if (handlers == null) {
                    handlers = find(beans);
                }
                found = handlers;
            }
        }
        return found;
    }

    private static Map<Class<?>, Handler> find(ListableBeanFactory beans) {
        Map<Class<?>, Handler> handlers = new HashMap<>();
        for (String name : beans.getBeanDefinitionNames()) {
            Class<?> type = beans.getType(name, false);
            if (type == null || !type.getName().startsWith(OWN_PACKAGES)) {
                continue;
            }
            Map<Method, QueryHandler> methods = MethodIntrospector.selectMethods(ClassUtils.getUserClass(type),
                    (MethodIntrospector.MetadataLookup<QueryHandler>) method ->
                            AnnotatedElementUtils.findMergedAnnotation(method, QueryHandler.class));
            if (methods.isEmpty()) {
                continue;
            }
            Object bean = beans.getBean(name);
            for (Method method : methods.keySet()) {
                if (method.getParameterCount() != 1) {
                    throw new IllegalStateException("a query handler takes the query alone: " + method);
                }
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                ReflectionUtils.makeAccessible(invocable);
                Handler previous = handlers.put(method.getParameterTypes()[0], new Handler(bean, invocable));
                if (previous != null) {
                    throw new IllegalStateException("two handlers for " + method.getParameterTypes()[0].getName()
                            + ": " + previous.method() + " and " + method);
                }
            }
        }
        return Map.copyOf(handlers);
    }

    record Handler(Object bean, Method method) {
    }
}
